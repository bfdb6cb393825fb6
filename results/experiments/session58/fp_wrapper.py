"""Steering (never a record). fp_wrapper.py: the engine pin wrapper's two wide shift registers fixed on compact
blocks of flip-flops, one byte (its eight flops, which share a copy's enable and reset) per logic tile: the
beat's (load_q) between both pipelines' input sides, the result's (result_q) between their output sides.
Flops are found by structure: load_q's enables come from u_load_shift's copies; result_q's are named after
its next value (result_in). Blocks of two rows of tiles, on the checked logic rows Y56/Y57.

  python fp_wrapper.py IN.json OUT.json [LOAD_X LOAD_Y RESULT_X RESULT_Y]
A negative X leaves that register to the placer.
"""
import json
import sys
from collections import defaultdict
from pathlib import Path


def main(src: str, dst: str, lx: int = 56, ly: int = 56, rx: int = 28, ry: int = 56) -> None:
    data = json.loads(Path(src).read_text())
    top = next(m for m in data["modules"].values() if "top" in (m.get("attributes") or {}))
    cells = top["cells"]
    driver = {b: n for n, c in cells.items() for p, d in (c.get("port_directions") or {}).items()
              if d == "output" for b in c["connections"][p]}
    for copies, (x0, y0) in (("u_load_shift.", (lx, ly)), ("result_in_", (rx, ry))):
        if x0 < 0:
            continue
        groups = defaultdict(list)
        for n, c in cells.items():
            if c["type"] == "TRELLIS_FF":
                ce = c["connections"].get("CE", [None])[0]
                if driver.get(ce, "").startswith(copies) or (copies == "result_in_" and n.startswith(copies)):
                    groups[(driver.get(ce, ""), driver.get(c["connections"].get("LSR", [None])[0], ""))].append(n)
        cols = -(-len(groups) // 2)   # two rows
        for t, key in enumerate(sorted(groups)):
            names = sorted(groups[key])
            assert len(names) <= 8, (key, len(names))
            x, y = x0 + t % cols, y0 + t // cols
            for k, n in enumerate(names):
                cells[n].setdefault("attributes", {})["BEL"] = f"X{x}/Y{y}/SLICE{'ABCD'[k // 2]}.FF{k % 2}"
        print(f"{copies}: {sum(map(len, groups.values()))} flops in {len(groups)} control groups from X{x0}/Y{y0}")
    Path(dst).write_text(json.dumps(data))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *map(int, sys.argv[3:]))
