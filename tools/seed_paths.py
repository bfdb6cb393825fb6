"""Every seed's post-route critical path of stored results, from the flow's stage cache (build/flow-cache).

A record keeps the first seed's path only (its `critical_path`); the median seed is usually another one. The
place-and-route stage results of every seed stay in the cache under a key made of the record's `pnr_id` and
the seed (Plan.pnr_key), so the paths of a record run on this machine can be read back without placing again.

  .venv/bin/python tools/seed_paths.py results/synth/NAME-TARGET-HASH.json [...]   (--full: every line)
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import synth  # noqa: E402


def summary(path: list[str]) -> str:
    """Source -> number of logic levels -> sink (logic and routing time), generated name suffixes cut."""
    def short(line: str) -> str:
        name = line.split("Source ", 1)[-1].split("Sink ", 1)[-1].strip()
        return re.sub(r"_(TRELLIS_FF|LUT4|PFUMX|CCU2C|DP16KD)_.*", "", name)
    sources = [line for line in path if " Source " in line]
    sinks = [line for line in path if " Sink " in line]
    levels = sum(1 for line in path if line.split()[:1] == ["logic"])
    if not sources or not sinks:
        return "(no path kept)"
    return f"{short(sources[0])} -> {levels} logic levels -> {short(sinks[-1])} ({path[-1].strip()})"


def main(argv: list[str]) -> int:
    full = "--full" in argv
    files = [a for a in argv if a != "--full"]
    if not files:
        print(__doc__, file=sys.stderr)
        return 2
    cache = synth.cache_dir()
    status = 0
    for name in files:
        record = json.loads(Path(name).read_text())
        print(f"{record.get('label', record['config'])} on {record['target']}: median {record['fmax_mhz']} MHz")
        if "pnr_id" not in record:  # results stored before place-and-route ids (tools/index_records.py)
            print("  no pnr_id in this result: its seeds' stages cannot be looked up")
            status = 1
            continue
        for seed in record["seeds"]:
            key = synth._sha(json.dumps([record["pnr_id"], seed]))
            stage = cache / f"pnr-{key}.json"
            if not stage.exists():
                print(f"  seed {seed}: not in {cache} (placed on another machine?)")
                status = 1
                continue
            run = json.loads(stage.read_text())
            print(f"  seed {seed}: {run.get('fmax_mhz')} MHz  {summary(run.get('critical_path') or [])}")
            if full:
                print("\n".join("      " + line for line in run.get("critical_path") or [] if " Sink " not in line))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
