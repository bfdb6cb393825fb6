"""Steering (never a record): fix the two pipelines' 160 DP16KD of an engine netlist on two rings, core 0 on
rows Y46/Y22 exactly as `pipelined`'s record floorplan (synth.ecp5_85k_round_ring), core 1 on the same ring
shape over rows Y70 (its first and last rounds, facing core 0's across the die's middle) and Y82.

  python fp_bram.py IN.json OUT.json
"""
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))
from rijndael_hw import synth  # noqa: E402


def ring(row_a: int, row_b: int) -> list:
    xs = sorted(synth.ECP5_85K_EBR_X)
    order = [(x, row_a) for x in xs[16:40]] + [(x, row_b) for x in xs[::-1]] + [(x, row_a) for x in xs[:16]]
    site = {(r, i): f"X{x}/Y{y}/EBR{synth.ECP5_85K_EBR_X[x]}"
            for r in range(10) for i, (x, y) in enumerate(order[8 * r:8 * (r + 1)])}
    return list(synth._round_sites_by_name(site))


def main(src: str, dst: str) -> None:
    data = json.loads(Path(src).read_text())
    rings = {0: ring(46, 22), 1: ring(70, 82)}
    for module in data["modules"].values():
        cells = module.get("cells") or {}
        for core, sites in rings.items():
            names = sorted(n for n, c in cells.items() if c["type"] == "DP16KD"
                           and re.search(rf"g_core\[{core}\]\.u_core\.", n))
            if not names:
                continue
            assert len(names) == len(sites), (core, len(names))
            for n, s in zip(names, sites):
                cells[n].setdefault("attributes", {})["BEL"] = s
            print(f"core {core}: {len(names)} DP16KD fixed")
    Path(dst).write_text(json.dumps(data))


if __name__ == "__main__":
    main(*sys.argv[1:])
